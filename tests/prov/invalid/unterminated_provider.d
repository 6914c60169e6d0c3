provider p {
	probe a(int);
