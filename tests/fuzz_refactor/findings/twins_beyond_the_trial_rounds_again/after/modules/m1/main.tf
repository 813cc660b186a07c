module "cert4" {
  source = "../m3"
  count = 2
  job6_user19_n = [{"prod202" = "v20", "dev203" = "v204"}, {"prod202" = "v22", "dev203" = "v226"}][count.index]
  job6_role86_n = [{"prod202" = "v87", "dev203" = "v206"}, {"prod202" = "v90", "dev203" = "v228"}][count.index]
  job6_role86_t = [{"prod202" = "t88", "dev203" = "t208"}, {"prod202" = "t91", "dev203" = "t230"}][count.index]
  job6_net119_n = [{"prod202" = "v120", "dev203" = "v210"}, {"prod202" = "v122", "dev203" = "v232"}][count.index]
  job6_net119_d = ["gone116", "gone117"][count.index]
  job6_key159_n = [{"prod202" = ["v160", "v163"], "dev203" = ["v217", "v220"]}, {"prod202" = ["v166", "v169"], "dev203" = ["v239", "v242"]}][count.index]
  job6_key159_t = [{"prod202" = ["t161", "t164"], "dev203" = ["t219", "t222"]}, {"prod202" = ["t167", "t170"], "dev203" = ["t241", "t244"]}][count.index]
}
