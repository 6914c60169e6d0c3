translator struct info < int *p > {
	x = *p;
};
