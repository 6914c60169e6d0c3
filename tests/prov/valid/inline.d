inline int LIMIT = 10;
provider p {
	probe a();
};
