# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
#
# cmake -DA=prog -DB=prog -DNSTEP=n -DMODELS="a.xml;b.xml" -P determinism_compare.cmake
# Runs the digest programs on the models and fails unless all succeed, print one digest line
# per model, and print exactly the same text. A runs twice: as it is (the AVX form of the dense
# kernels where the processor has AVX) and with MOTUS_NO_AVX=1 (the SSE2 form); B once.
set(cmd_A ${A})
set(cmd_A_BASE ${CMAKE_COMMAND} -E env MOTUS_NO_AVX=1 ${A})
set(cmd_B ${B})
foreach(prog A A_BASE B)
  execute_process(COMMAND ${cmd_${prog}} ${NSTEP} ${MODELS}
                  OUTPUT_VARIABLE out_${prog} ERROR_VARIABLE err_${prog} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${cmd_${prog}} failed (${rc}):\n${out_${prog}}${err_${prog}}")
  endif()
  message("${cmd_${prog}}:\n${out_${prog}}")
endforeach()
if(EXISTS /proc/cpuinfo)
  file(STRINGS /proc/cpuinfo avx_flags REGEX "^flags.* avx( |$)" LIMIT_COUNT 1)
  if(avx_flags)
    message("this processor has AVX: the first run used the AVX form")
  else()
    message("this processor has no AVX: both runs of ${A} used the SSE2 form")
  endif()
endif()
list(LENGTH MODELS nmodels)
string(REGEX MATCHALL "digest [0-9a-f]+" digests "${out_A}")
list(LENGTH digests ndigests)
if(NOT ndigests EQUAL nmodels OR nmodels EQUAL 0)
  message(FATAL_ERROR "expected ${nmodels} digests, got ${ndigests}")
endif()
if(NOT out_A STREQUAL out_A_BASE)
  message(FATAL_ERROR "the AVX and the SSE2 forms of the optimized library computed different bits")
endif()
if(NOT out_A STREQUAL out_B)
  message(FATAL_ERROR "the optimized library and the -O0 scalar build computed different bits")
endif()
