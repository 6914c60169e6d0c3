conn_t *c;
BEGIN { }
