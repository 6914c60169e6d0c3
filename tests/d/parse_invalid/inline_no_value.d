inline int LIMIT;
BEGIN { }
