/* a local variable of the same name in a function is not the parameter */
int f(void)
{
	int io;
	return io;
}
MODULE_PARM(io, "i");
static int io;
