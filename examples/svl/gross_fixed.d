/*
 * gross.d as it should be: copyin() returns the address of a copy in the tracer's scratch
 * memory, so each pointer is read out of its copy before the next offset is added to it.
 * inet_ntoa() takes a pointer to the address (in network byte order): the copy is just that.
 */
pid$1::SVL_GetEntryByName*:entry {

this->conn = *(uintptr_t *)copyin(arg0 + 0x60,
sizeof(uintptr_t));

this->peer = *(uintptr_t *)copyin(this->conn + 0x8,
sizeof(uintptr_t));

this->host = copyin(this->peer + 0x8,
sizeof(int));

printf("Host %s looked up volume name %s\n",
inet_ntoa(this->host), copyinstr(arg1));

}
