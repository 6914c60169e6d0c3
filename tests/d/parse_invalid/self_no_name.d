self int;
BEGIN { }
