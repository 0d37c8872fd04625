// GLFW must not pull <GL/gl.h>: it clashes with epoxy (TOOLCHAIN.md).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
