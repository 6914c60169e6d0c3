syscall::read[:entry
{
}
