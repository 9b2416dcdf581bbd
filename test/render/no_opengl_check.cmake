# Fails when the shared library LIB depends on an OpenGL, EGL or GLX library: libmujoco.so must
# load and simulate on machines that have none (the renderer is libmujoco_render.so).
execute_process(COMMAND readelf -d ${LIB} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "readelf -d ${LIB} failed")
endif()
string(REGEX MATCHALL "NEEDED[^\n]*" needed "${out}")
foreach(line ${needed})
  if(line MATCHES "lib(GL|OpenGL|EGL|GLX|GLESv2|OSMesa|glfw)")
    message(FATAL_ERROR "${LIB} depends on an OpenGL library: ${line}")
  endif()
endforeach()
list(LENGTH needed n)
message(STATUS "${LIB}: ${n} shared library dependencies, none of them OpenGL")
