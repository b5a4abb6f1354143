/* the driver's private header defines its parameters */
#define MAX_UNITS 8
static int speed_duplex[MAX_UNITS] = { 0, };
static int debug = 1;
