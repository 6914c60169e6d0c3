/* @opts: -x errtags */
/* An enumerator value that is no integer constant: reported after the expression. */
enum e {
	A = "not an integer"
};
