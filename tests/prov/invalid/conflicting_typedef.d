typedef int handle_t;
typedef long handle_t;
