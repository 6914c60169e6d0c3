/* @opts: -x errtags */
provider mapbad {
	probe p(int a, int b) : (int a, int c);
};
BEGIN { exit(0); }
