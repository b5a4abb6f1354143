extern int shared_debug;
extern unsigned int shared_base;
