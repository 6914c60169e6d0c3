BEGIN
/ /
{
}
