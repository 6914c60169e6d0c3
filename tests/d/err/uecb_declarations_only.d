/*
 * Declarations of variables and types alone make no program: dtrace reports the script as an
 * empty translation unit (an inline or a translator would make it one). Observed with DTrace
 * for Linux:
 *   dtrace -s x.d   (x.d: "int x;")  ->  failed to compile script x.d: line 2: empty D
 *   program translation unit, exit 1
 */
int x;
struct uecb_s {
	int a;
};
typedef int uecb_int_t;
