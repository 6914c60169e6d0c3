struct flags {
	unsigned int x : 33;
};
