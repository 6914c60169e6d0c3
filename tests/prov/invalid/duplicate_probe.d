provider p {
	probe a(int);
	probe a(long);
};
