provider p {
	probe wide(int, int, int, int, int, int, int, int, int, int, int, int, int);
};
