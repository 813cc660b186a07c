# Run by CPack (CPACK_PRE_BUILD_SCRIPTS) in the package's staging directory, before the
# .deb is made: what Debian's policy asks of a package and not of `cmake --install`.
# The man page is compressed, and a native package carries usr/share/doc/tfw/changelog.gz.
file(GLOB_RECURSE staged_man_pages "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/share/man/man1/tfw.1")
if(NOT staged_man_pages)
  message(FATAL_ERROR "finish-package: no share/man/man1/tfw.1 under ${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
endif()
foreach(page ${staged_man_pages})
  execute_process(COMMAND gzip -9nf "${page}" COMMAND_ERROR_IS_FATAL ANY)
  get_filename_component(man_dir "${page}" DIRECTORY)
  get_filename_component(share_dir "${man_dir}/../.." ABSOLUTE)
  # CMake honours SOURCE_DATE_EPOCH here, for a reproducible package.
  string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
  file(WRITE "${share_dir}/doc/tfw/changelog"
       "tfw (${CPACK_PACKAGE_VERSION}) unstable; urgency=medium\n\n"
       "  * Release ${CPACK_PACKAGE_VERSION}; the changes are in the project's git history.\n\n"
       " -- ${CPACK_PACKAGE_CONTACT}  ${date}\n")
  execute_process(COMMAND gzip -9nf "${share_dir}/doc/tfw/changelog" COMMAND_ERROR_IS_FATAL ANY)
endforeach()
