provider p {
	probe a(); /* unfinished
	probe b();
};
