#include "parmtab.h"
