/* the provider of tests/sh/usdtraced.sh's DOF and stapsdt twins */
provider stwd {
	probe go(int, char *);
	probe done(long);
};
