/* unbalanced braces across #ifdef/#else before the declaration */
int f(void) {
#ifdef A
 if (x) {
#else
 if (y) {
#endif
 return 1; }
 return 0;
}
MODULE_PARM(io, "i");
static int io;
