provider p { probe a(const char *, string s = "x"); };
