/* A member name may not hold D's scoping operator (Guide, "Structs and Unions": a member is
 * declared as a variable is; dtrace's message observed). */
struct s {
	int n;
	int `a;
};
BEGIN { exit(0); }
