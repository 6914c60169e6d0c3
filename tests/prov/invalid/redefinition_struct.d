struct conn { int fd; };

/* again */
struct conn {
	long fd;
};
