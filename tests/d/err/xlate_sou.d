/* @opts: -x errtags */
/* A translator's output must be a struct or union. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator int < struct in *p > { };
