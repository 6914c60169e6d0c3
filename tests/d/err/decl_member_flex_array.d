/* A member array needs a size in D: dtrace refuses `int a[];` even last (C's flexible array
 * member), with the message it gives a member of no type (observed). */
struct s {
	int n;
	int a[];
};
BEGIN { exit(0); }
