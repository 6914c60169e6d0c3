/* @opts: -x errtags */
/* An enumerator another enum already defined. */
enum colors { RED, GREEN };
enum shades {
	PINK,
	RED
};
