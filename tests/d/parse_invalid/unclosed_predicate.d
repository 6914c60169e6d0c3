syscall::read:entry
/pid == 1
{
}
