# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
#
# cmake -DA=prog -DB=prog -DNSTEP=n -DMODELS="a.xml;b.xml" -P determinism_compare.cmake
# Runs both digest programs on the models and fails unless both succeed, print one digest line
# per model, and print exactly the same text.
foreach(prog A B)
  execute_process(COMMAND ${${prog}} ${NSTEP} ${MODELS}
                  OUTPUT_VARIABLE out_${prog} ERROR_VARIABLE err_${prog} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${${prog}} failed (${rc}):\n${out_${prog}}${err_${prog}}")
  endif()
  message("${${prog}}:\n${out_${prog}}")
endforeach()
list(LENGTH MODELS nmodels)
string(REGEX MATCHALL "digest [0-9a-f]+" digests "${out_A}")
list(LENGTH digests ndigests)
if(NOT ndigests EQUAL nmodels OR nmodels EQUAL 0)
  message(FATAL_ERROR "expected ${nmodels} digests, got ${ndigests}")
endif()
if(NOT out_A STREQUAL out_B)
  message(FATAL_ERROR "the optimized library and the -O0 scalar build computed different bits")
endif()
