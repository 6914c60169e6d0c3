int x = 5;
BEGIN { }
