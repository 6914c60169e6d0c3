provider p {
	probe a(conn_t *);
};
