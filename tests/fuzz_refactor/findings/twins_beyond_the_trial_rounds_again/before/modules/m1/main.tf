module "cert4" {
  source = "../m3"
  count = 2
  job6_user19_n = ["v20", "v22"][count.index]
  job6_role86_n = ["v87", "v90"][count.index]
  job6_role86_t = ["t88", "t91"][count.index]
  job6_net119_each = [{"blue115" = "v120"}, {"blue115" = "v122"}][count.index]
  job6_net119_d = ["gone116", "gone117"][count.index]
  job6_key159_n = [["v160", "v163"], ["v166", "v169"]][count.index]
  job6_key159_t = [["t161", "t164"], ["t167", "t170"]][count.index]
}
