/* @opts: -x errtags */
/* A struct with no members: D's grammar wants one member at least (syntax error at '}'). */
struct s {
};
BEGIN { exit(0); }
