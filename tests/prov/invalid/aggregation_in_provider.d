provider p {
	probe a(@x);
};
