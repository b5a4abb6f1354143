extern int shared_debug;
