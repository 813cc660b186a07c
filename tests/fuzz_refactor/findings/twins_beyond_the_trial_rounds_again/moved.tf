moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.user19
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.user19
}

moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.role86
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.role86
}

moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.net119["blue115"]
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.net119
}

moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.job149[0]
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.job149[0]
}

moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.job149[1]
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.job149[1]
}

moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.key159[0]
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.key159[0]
}

moved {
  from = module.zone2.module.cert4[0].module.job6.terraform_data.key159[1]
  to   = module.zone2.module.cert4[0].module.job6["prod202"].terraform_data.key159[1]
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.user19
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.user19
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.role86
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.role86
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.net119["blue115"]
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.net119
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.job149[0]
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.job149[0]
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.job149[1]
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.job149[1]
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.key159[0]
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.key159[0]
}

moved {
  from = module.zone2.module.cert4[1].module.job6.terraform_data.key159[1]
  to   = module.zone2.module.cert4[1].module.job6["prod202"].terraform_data.key159[1]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["red17"].terraform_data.disk24[0]
  to   = module.topic10.module.vpc12[0].module.bucket14[1].terraform_data.disk24[0]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["red17"].terraform_data.disk24[1]
  to   = module.topic10.module.vpc12[0].module.bucket14[1].terraform_data.disk24[1]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["red17"].terraform_data.queue44[0]
  to   = module.topic10.module.vpc12[0].module.bucket14[1].terraform_data.queue44[0]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["red17"].terraform_data.queue44[1]
  to   = module.topic10.module.vpc12[0].module.bucket14[1].terraform_data.queue44[1]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["blue18"].terraform_data.disk24[0]
  to   = module.topic10.module.vpc12[0].module.bucket14[0].terraform_data.disk24[0]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["blue18"].terraform_data.disk24[1]
  to   = module.topic10.module.vpc12[0].module.bucket14[0].terraform_data.disk24[1]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["blue18"].terraform_data.disk24[2]
  to   = module.topic10.module.vpc12[0].module.bucket14[0].terraform_data.disk24[2]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["blue18"].terraform_data.queue44[0]
  to   = module.topic10.module.vpc12[0].module.bucket14[0].terraform_data.queue44[0]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["blue18"].terraform_data.queue44[1]
  to   = module.topic10.module.vpc12[0].module.bucket14[0].terraform_data.queue44[1]
}

moved {
  from = module.topic10.module.vpc12[0].module.bucket14["blue18"].terraform_data.queue44[2]
  to   = module.topic10.module.vpc12[0].module.bucket14[0].terraform_data.queue44[2]
}

moved {
  from = module.topic10.module.vpc12[1].module.bucket14["red17"].terraform_data.disk24[0]
  to   = module.topic10.module.vpc12[1].module.bucket14[1].terraform_data.disk24[0]
}

moved {
  from = module.topic10.module.vpc12[1].module.bucket14["red17"].terraform_data.queue44[0]
  to   = module.topic10.module.vpc12[1].module.bucket14[1].terraform_data.queue44[0]
}

moved {
  from = module.topic10.module.vpc12[1].module.bucket14["blue18"].terraform_data.disk24[0]
  to   = module.topic10.module.vpc12[1].module.bucket14[0].terraform_data.disk24[0]
}

moved {
  from = module.topic10.module.vpc12[1].module.bucket14["blue18"].terraform_data.queue44[0]
  to   = module.topic10.module.vpc12[1].module.bucket14[0].terraform_data.queue44[0]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["red17"].terraform_data.disk24[0]
  to   = module.topic10.module.vpc12[2].module.bucket14[1].terraform_data.disk24[0]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["red17"].terraform_data.disk24[1]
  to   = module.topic10.module.vpc12[2].module.bucket14[1].terraform_data.disk24[1]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["red17"].terraform_data.queue44[0]
  to   = module.topic10.module.vpc12[2].module.bucket14[1].terraform_data.queue44[0]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["red17"].terraform_data.queue44[1]
  to   = module.topic10.module.vpc12[2].module.bucket14[1].terraform_data.queue44[1]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["blue18"].terraform_data.disk24[0]
  to   = module.topic10.module.vpc12[2].module.bucket14[0].terraform_data.disk24[0]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["blue18"].terraform_data.disk24[1]
  to   = module.topic10.module.vpc12[2].module.bucket14[0].terraform_data.disk24[1]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["blue18"].terraform_data.disk24[2]
  to   = module.topic10.module.vpc12[2].module.bucket14[0].terraform_data.disk24[2]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["blue18"].terraform_data.queue44[0]
  to   = module.topic10.module.vpc12[2].module.bucket14[0].terraform_data.queue44[0]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["blue18"].terraform_data.queue44[1]
  to   = module.topic10.module.vpc12[2].module.bucket14[0].terraform_data.queue44[1]
}

moved {
  from = module.topic10.module.vpc12[2].module.bucket14["blue18"].terraform_data.queue44[2]
  to   = module.topic10.module.vpc12[2].module.bucket14[0].terraform_data.queue44[2]
}

