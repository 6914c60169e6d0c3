/* @root */
/* A kernel address is kernel memory whatever pointer type holds it: dtrace reads through
 * (int *) or (char *) casts of a kernel struct member's address as it reads the member
 * (Guide, "Pointers and Addresses"; observed: dtrace -qn 'BEGIN { trace(*(int
 * *)&curthread->pid > 0); }' prints 1). */
#pragma D option quiet

BEGIN
{
	ip = (int *)&curthread->pid;
	printf("%d %d %d\n", *(int *)&curthread->pid == pid, *ip == pid, ip[0] == pid);
	printf("%d\n", stringof((char *)&curthread->comm[0]) == execname);
	printf("%d\n", *(unsigned long *)&curthread->mm->mmap_base == curthread->mm->mmap_base);
	exit(0);
}
