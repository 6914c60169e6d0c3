/* @root */
/* Pointer arithmetic on a pointer to a kernel struct steps by the struct's size (Guide,
 * "Pointer Arithmetic": p + 1 is the address of the next object of p's type), which comes
 * from the kernel's BTF although no member of the struct is named: +, -, ++, --, +=, -=,
 * pointer difference (in elements) and indexing. DTrace for Linux prints 1 for every line. */
#pragma D option quiet

BEGIN
{
	this->sz = sizeof(struct task_struct);
	printf("%d\n", (long)(curthread + 1) - (long)curthread == this->sz);
	printf("%d\n", (long)curthread - (long)(curthread - 2) == 2 * this->sz);
	p = curthread;
	p++;
	printf("%d\n", (long)p - (long)curthread == this->sz);
	p += 2;
	printf("%d\n", (long)p - (long)curthread == 3 * this->sz);
	p--;
	p -= 1;
	printf("%d\n", p - curthread == 1);
	printf("%d\n", (long)&((struct task_struct *)0)[2] == 2 * this->sz);
	printf("%d\n", curthread[0].pid == pid);
	printf("%d\n", (long)(curthread->mm + 1) - (long)curthread->mm == sizeof(struct mm_struct));
	exit(0);
}
