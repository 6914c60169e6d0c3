provider p {
	probe a(int)
	probe b();
};
