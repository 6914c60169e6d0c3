/*
 * A script of declarations only is an empty translation unit: types and variables are
 * declared as they are parsed and are no item of the program (dtrace -e -s of this file:
 * "line 12: empty D program translation unit"; libdtrace dt_cc.c, D_EMPTY).
 */
typedef int handle_t;
struct conn {
	handle_t fd;
};
enum state { IDLE, BUSY };
int nconns;
