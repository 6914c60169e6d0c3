struct conn {
	int fd;
	union {
		void *tls;
		long raw;
	};
};
provider p {
	probe a(struct conn *);
};
