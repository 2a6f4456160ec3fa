# ch_embed(IN OUT SYMBOL): writes OUT, a C file defining
#   const char SYMBOL[] = "<the bytes of IN>";  (NUL-terminated)
# so a game finds data printed on cards (data/<game>/*.csv) without reading
# any file at run time. Written at configure time; editing IN re-runs CMake.
function(ch_embed IN OUT SYMBOL)
  file(READ ${IN} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${IN})
  file(WRITE ${OUT} "/* Generated from ${rel} by cmake/ch_embed.cmake; do not edit. */\n"
       "const char ${SYMBOL}[] = {${bytes}0x00};\n")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${IN})
endfunction()
