/* @root */
/*
 * A struct the script declares may hold kernel types (completed from the kernel's BTF as the
 * declaration is laid out): a union, an enum, an array of structs. And tracemem() reads the
 * kernel memory a kernel pointer (curthread) points at.
 */
#pragma D option quiet

struct holder {
	int x;
	union sigval u;
	enum pid_type e;
	struct inode in[2];
	struct h2 {
		char c;
		union sigval u2;
	} h;
};

BEGIN
{
	printf("%d %d %d %d\n", offsetof(struct holder, u), sizeof(union sigval),
	    offsetof(struct holder, e), sizeof(enum pid_type));
	printf("%d %d\n", offsetof(struct holder, in) == 24 || offsetof(struct holder, in) == 32,
	    offsetof(struct holder, h) == offsetof(struct holder, in) + 2 * sizeof(struct inode));
	printf("%d\n", sizeof(struct holder) == offsetof(struct holder, h) + 16);
	tracemem(curthread, 8, 0);
	printf("read\n");
	exit(0);
}
