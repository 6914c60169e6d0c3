#define MAXLEN 64
#define KIND int

/*
 * a comment cpp removes
 */
struct msg { char text[MAXLEN]; KIND kind; };
provider p {
	probe a(struct msg *, undefined_t);
};
