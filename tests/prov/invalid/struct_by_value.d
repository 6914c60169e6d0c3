struct s { int a; };
provider p {
	probe a(struct s);
};
