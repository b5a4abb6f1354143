extern char *dasd[];
