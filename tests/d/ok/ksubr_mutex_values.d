/* @root */
/* DTrace for Linux's kernel mutex subroutines (Oracle Linux DTrace Guide: mutex_owned,
 * mutex_owner, mutex_type_adaptive, mutex_type_spin), on struct mutex * values read through
 * the kernel's BTF. Every Linux mutex is adaptive: mutex_type_adaptive() is 1 and
 * mutex_type_spin() 0 whatever the pointer (dtrace reads nothing for them: 0 gives the same).
 * An address that cannot be read (8) reads as an unowned mutex: 0 and NULL, no fault. A
 * process's cred_guard_mutex is not held while BEGIN runs: its owner is NULL, and the
 * calling thread does not own it. mutex_owner() is a struct task_struct * (its size, and
 * assignable to a variable that holds curthread). Expected: dtrace's output. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", mutex_type_adaptive((struct mutex *)8), mutex_type_spin((struct mutex *)8));
	printf("%d %d\n", mutex_type_adaptive(0), mutex_type_spin(0));
	printf("%d %d\n", mutex_owned((struct mutex *)8), mutex_owner((struct mutex *)8) == NULL);
	printf("%d %d\n", mutex_owned((void *)8), sizeof(mutex_owner((struct mutex *)8)));
	printf("%d %d\n", mutex_owned(&curthread->signal->cred_guard_mutex),
	    mutex_owner(&curthread->signal->cred_guard_mutex) == NULL);
	printf("%d\n", mutex_type_adaptive(&curthread->signal->cred_guard_mutex) +
	    mutex_type_spin(&curthread->signal->cred_guard_mutex));
	x = mutex_owner((struct mutex *)8);
	x = curthread;
	printf("%d\n", x == curthread);
	@[mutex_owned((struct mutex *)8), mutex_type_adaptive((struct mutex *)8)] = count();
	exit(0);
}
