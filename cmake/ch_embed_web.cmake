# ch_embed_web(DIR OUT): writes OUT, a C file holding every file of the web
# client under DIR (*.html, *.css, *.js, boards/*.js, *.svg: the favicon) and a table of them:
#   const sv_web_file sv_web_files[];  const size_t sv_web_nfiles;
# with the URL path ("/" + path under DIR) and the MIME type, so the server
# serves exactly these files and reads none at run time. Adding or editing a
# file under web/ is picked up by the next build.
function(ch_embed_web DIR OUT)
  file(GLOB_RECURSE files CONFIGURE_DEPENDS RELATIVE ${DIR}
       ${DIR}/*.html ${DIR}/*.css ${DIR}/*.js ${DIR}/*.svg)
  list(SORT files)
  string(CONCAT body "/* Generated from web/ by cmake/ch_embed_web.cmake; do not edit. */\n"
         "#include <stddef.h>\n#include \"web_files.h\"\n")
  set(table "const sv_web_file sv_web_files[] = {\n")
  set(i 0)
  foreach(f ${files})
    file(READ ${DIR}/${f} hex HEX)
    # Editing a file re-runs CMake, which embeds it again.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${DIR}/${f})
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
    string(APPEND body "static const char f${i}[] = {${bytes}0x00};\n")
    if(f MATCHES "\\.html$")
      set(mime "text/html; charset=utf-8")
    elseif(f MATCHES "\\.css$")
      set(mime "text/css; charset=utf-8")
    elseif(f MATCHES "\\.svg$")
      set(mime "image/svg+xml")
    else()
      set(mime "text/javascript; charset=utf-8")
    endif()
    string(APPEND table "    {\"/${f}\", \"${mime}\", f${i}, sizeof f${i} - 1},\n")
    math(EXPR i "${i} + 1")
  endforeach()
  string(APPEND table "};\nconst size_t sv_web_nfiles = ${i};\n")
  file(WRITE ${OUT}.tmp "${body}${table}")
  # Rewrite only on change, so an unrelated reconfigure rebuilds nothing.
  file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
endfunction()
